package io.jmsbench.it;

import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An end-to-end class that runs alone: something it asserts depends on an idle host (a verdict from the
 * CPU rules, a rate, steadiness, noise, how long something took) or it looks at every process of the
 * machine. It takes the machine's lock for writing, so no other class runs while it does. A class that
 * carries neither this nor {@link SharesTheMachine} fails {@code MachineLockTest}: when unsure, this one.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(value = NeedsAnIdleMachine.MACHINE, mode = ResourceAccessMode.READ_WRITE)
@interface NeedsAnIdleMachine {

    /** The lock both annotations take. */
    String MACHINE = "jmsbench.machine";
}
