package dev.snailbench.tenancy;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * An endpoint (or every endpoint of a resource class) that takes no {@code X-API-Key}: {@link ApiKeyFilter} lets
 * it through without a tenant. Every other endpoint needs a key. Keyless endpoints are few and say why: what the
 * web UI needs before sign-in, and the operators' endpoints guarded by {@code X-Admin-Key} instead.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface Keyless {}
