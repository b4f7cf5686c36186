package io.jmsbench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import io.jmsbench.cli.Main;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** How bench-controller's packages may depend on each other, checked over its compiled classes. */
@Timeout(60)
class ControllerArchitectureTest {

    /**
     * The controller's own classes only: bench-core, bench-publisher and bench-subscriber share the
     * io.jmsbench base package on the classpath, and bench-core's ArchitectureTest checks its own.
     */
    private static final JavaClasses CONTROLLER = new ClassFileImporter()
            .importUrl(Main.class.getProtectionDomain().getCodeSource().getLocation());

    /** Each package is its own slice: slicing by top-level package would hide a cycle inside run. */
    @Test
    void packagesHaveNoCycles() {
        slices().matching("(**)").should().beFreeOfCycles()
                .check(CONTROLLER);
    }

    /**
     * run holds the loop over points and a point's runner, which put the subpackages together; what
     * they share lives in leaf packages (run.stop, run.jvm), so none of them needs run itself.
     */
    @Test
    void runsSubpackagesDoNotDependOnRun() {
        noClasses().that().resideInAPackage("io.jmsbench.run.*..")
                .should().dependOnClassesThat().resideInAPackage("io.jmsbench.run")
                .because("run assembles its subpackages; their shared types live in run.stop and run.jvm")
                .check(CONTROLLER);
    }
}
