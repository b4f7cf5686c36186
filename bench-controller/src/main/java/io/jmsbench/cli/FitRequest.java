package io.jmsbench.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What {@code jmsbench fit} was asked, its options' values checked.
 *
 * @param reports        report.json files, or run directories holding one
 * @param includeInvalid fit invalid points too
 * @param predictions    what to predict with the fit, in the order given
 * @param maxR           the measured r above which points are left out; {@code null}: none is
 * @param holdOut        the points to hold out to test the fit; {@code null}: none is
 * @param compared       the compared set to fit; {@code null}: the report's points, of one set or none
 */
record FitRequest(List<Path> reports, boolean includeInvalid, List<Prediction> predictions, MaxR maxR,
                  HoldOut holdOut, String compared) {

    FitRequest {
        reports = List.copyOf(reports);
        predictions = List.copyOf(predictions);
    }

    /** {@code --predict filters=N,r=X}, as written and as numbers. */
    record Prediction(String text, int filters, double r) {

        private static final Pattern FORM = Pattern.compile("filters=(\\d{1,9}),r=(\\d{1,9}(?:\\.\\d+)?)");

        static Prediction parse(String text) throws BadInput {
            Matcher m = FORM.matcher(text);
            if (!m.matches()) {
                throw new BadInput("--predict '" + text + "': expected filters=N,r=X, e.g. filters=200,r=10");
            }
            return new Prediction(text, Integer.parseInt(m.group(1)), Double.parseDouble(m.group(2)));
        }
    }

    /** {@code --max-r}: a finite number > 0, and the text given, which the points left out quote. */
    record MaxR(double limit, String text) {

        static MaxR parse(String text) throws BadInput {
            double value;
            try {
                value = Double.parseDouble(text.strip());
            } catch (NumberFormatException e) {
                throw new BadInput("--max-r: expected a finite number > 0, found '" + text + "'");
            }
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new BadInput("--max-r: expected a finite number > 0, found " + text);
            }
            return new MaxR(value, text);
        }
    }

    /** {@code --holdout K --seed S}: hold out {@code count} points chosen by {@code java.util.Random(seed)}. */
    record HoldOut(int count, long seed) {

        /** At least this many points must stay in the fit beside the held-out ones. */
        static final int MIN_FITTED = 4;

        /**
         * Which of {@code usable} points to hold out: the first {@code count} positions of a shuffle;
         * refused unless 1 <= count and at least {@link #MIN_FITTED} points stay to fit.
         */
        Set<Integer> positions(int usable) throws BadInput {
            int most = usable - MIN_FITTED;
            if (count < 1 || count > most) {
                throw new BadInput(most < 1 ? "--holdout: expected more than " + MIN_FITTED + " usable points to hold"
                        + " any out (" + MIN_FITTED + " must stay to fit), found " + usable
                        : "--holdout: expected 1 to " + most + " points (" + MIN_FITTED + " of the " + usable
                        + " usable points must stay to fit), found " + count);
            }
            List<Integer> order = new ArrayList<>();
            for (int i = 0; i < usable; i++) {
                order.add(i);
            }
            Collections.shuffle(order, new Random(seed));
            return Set.copyOf(order.subList(0, count));
        }
    }
}
