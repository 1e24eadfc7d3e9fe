from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P


def inputs():
    rng = np.random.default_rng(3)
    X = rng.normal(size=(16, 8)).astype(np.float32)
    X[rng.uniform(size=X.shape) < 0.2] = np.nan
    return (X,)


@dataclass(frozen=True)
class ImputerLayout:
    table: P = P("rows", "cols")
    stats: P = P("rows", None)
    report: P = field(default_factory=lambda: P("cols", None, reduced={"rows"}))


class SimpleImputer:
    def __init__(self, strategy="mean", layout=ImputerLayout()):
        self.strategy = strategy
        self.layout = layout

    def partial_stats(self, X):
        mask = jnp.isnan(X)
        filled = jnp.where(mask, 0.0, X)
        return jnp.stack([filled.sum(axis=0), (~mask).sum(axis=0).astype(X.dtype)], axis=1)

    def fit(self, mesh, X):
        stats_fn = jax.jit(self.partial_stats,
                           out_shardings=NamedSharding(mesh, self.layout.stats))
        stats = stats_fn(X)
        with jax.set_mesh(mesh):
            return top_level_all_gather(stats, self.layout.report)


def main(X):
    mesh = jax.make_mesh((2, 4), ("rows", "cols"))
    X = jax.device_put(X, NamedSharding(mesh, P("rows", "cols")))
    imputer = SimpleImputer()
    return imputer.fit(mesh, X)


if __name__ == "__main__":
    main(*inputs())
