package io.jmsbench.it;

import org.junit.jupiter.api.parallel.Isolated;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An end-to-end class that runs alone: something it asserts depends on an idle host (a verdict from the
 * CPU rules, a rate, steadiness, noise, how long something took), or it looks at every process of the
 * machine. It is {@link Isolated}: JUnit runs such classes one at a time, in their order, once every class
 * that {@link SharesTheMachine} has finished. A class that carries neither fails {@code MachineLockTest}:
 * when unsure, this one.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Isolated
@interface NeedsAnIdleMachine {
}
