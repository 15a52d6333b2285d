package dev.snailbench.inference.repository;

import io.quarkus.hibernate.reactive.panache.PanacheRepositoryBase;
import jakarta.enterprise.context.ApplicationScoped;

@ApplicationScoped
public class CachedResponseRepository implements PanacheRepositoryBase<CachedResponse, String> {}
