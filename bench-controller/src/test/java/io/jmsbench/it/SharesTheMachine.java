package io.jmsbench.it;

import org.junit.jupiter.api.parallel.ResourceAccessMode;
import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An end-to-end class that may run beside another class that shares the machine: none of its assertions
 * depends on an idle host (no verdict that comes from the CPU rules, a rate, steadiness, noise or timing),
 * and everything it starts binds free ports and writes under its own directory. It takes the machine's lock
 * for reading; a {@link NeedsAnIdleMachine} class takes every lock for writing, so it never runs beside one.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock(value = SharesTheMachine.MACHINE, mode = ResourceAccessMode.READ)
@interface SharesTheMachine {

    /** The lock these classes share. */
    String MACHINE = "jmsbench.machine";
}
