package io.jmsbench.cli;

import io.jmsbench.run.progress.ProgressMode;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@code --progress}'s value, written in lower case as the help shows it. */
final class ProgressModes implements ITypeConverter<ProgressMode> {

    @Override
    public ProgressMode convert(String value) {
        for (ProgressMode mode : ProgressMode.values()) {
            if (mode.name().toLowerCase(Locale.ROOT).equals(value.strip().toLowerCase(Locale.ROOT))) {
                return mode;
            }
        }
        throw new TypeConversionException("expected " + Arrays.stream(ProgressMode.values())
                .map(m -> m.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", ")) + ", found '" + value
                + "'");
    }
}
