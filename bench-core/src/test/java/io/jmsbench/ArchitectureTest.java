package io.jmsbench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** How bench-core's packages may depend on each other, checked over the compiled classes. */
@Timeout(60)
class ArchitectureTest {

    private static final JavaClasses CORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("io.jmsbench");

    /** A scenario change must never be a wire change by accident: run.PoolPlans translates. */
    @Test
    void theProtocolDoesNotDependOnScenariosOrWorkloads() {
        noClasses().that().resideInAPackage("io.jmsbench.protocol..")
                .should().dependOnClassesThat().resideInAnyPackage("io.jmsbench.scenario..", "io.jmsbench.workload..")
                .because("the control protocol has its own records; run.PoolPlans maps a scenario to them")
                .check(CORE);
    }

    /**
     * report.html renders the report model, and report.files' ReportWriter writes it beside the other
     * outputs: nothing else reaches the page, so it stays one output among the others.
     */
    @Test
    void onlyTheReportWriterUsesTheHtmlPage() {
        noClasses().that().resideInAPackage("io.jmsbench..")
                .and().resideOutsideOfPackage("io.jmsbench.report.html..")
                .and().doNotHaveFullyQualifiedName("io.jmsbench.report.files.ReportWriter")
                .should().dependOnClassesThat().resideInAPackage("io.jmsbench.report.html..")
                .because("report.html is one of ReportWriter's outputs, rendered from the Report alone")
                .check(CORE);
    }

    /**
     * Each package is its own slice, io.jmsbench itself included: slicing by top-level package would put
     * report, report.claims and report.html in one slice and hide a cycle among them.
     */
    @Test
    void packagesHaveNoCycles() {
        slices().matching("(**)").should().beFreeOfCycles()
                .check(CORE);
    }
}
