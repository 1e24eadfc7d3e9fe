"""Inverted dropout after a gathered projection, as a module whose rng comes from its fields."""
import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclasses.dataclass
class Dropout:
    rate: float
    seed: int = 0
    deterministic: bool = False

    def __call__(self, x):
        if self.deterministic or self.rate == 0.0:
            return x
        keep = jax.random.bernoulli(jax.random.key(self.seed), 1.0 - self.rate, x.shape)
        scaled = x / (1.0 - self.rate)
        return jnp.where(keep, scaled, jnp.zeros_like(scaled))


@dataclasses.dataclass
class GatheredProjection:
    axis: str = "data"
    dropout: Dropout = dataclasses.field(default_factory=lambda: Dropout(0.1))

    def __call__(self, h, w):
        y = jnp.tanh(h * w)
        y = jax.lax.all_gather(y, self.axis, axis=0, tiled=True, to="reduced")
        return self.dropout(y)


def inputs():
    rng = np.random.default_rng(4)
    return rng.normal(size=(8, 16)).astype(np.float32), rng.normal(size=(16,)).astype(np.float32)


def main(h, w):
    mesh = jax.make_mesh((2, 4), ("data", "model"))
    h = jax.device_put(h, NamedSharding(mesh, P("data", "model")))
    w = jax.device_put(w, NamedSharding(mesh, P("model")))
    proj = GatheredProjection(dropout=Dropout(rate=0.2, seed=7))
    run = jax.shard_map(proj, mesh=mesh, in_specs=(P("data", "model"), P("model")), out_specs=P(None, "model"))
    return run(h, w)


if __name__ == "__main__":
    main(*inputs())
