"""KoLeo regulariser of DINOv2: the spread of CLS features, as one of several loss terms."""
from typing import Protocol

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class LossTerm(Protocol):
    weight: float

    def __call__(self, feats: jax.Array) -> jax.Array: ...


class KoLeo:
    weight = 0.1

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, feats):
        bank = jax.lax.all_gather(feats, self.axis, tiled=True, to="reduced")
        nearest = jax.lax.pmin(jnp.sum(bank * bank, axis=-1), self.axis)
        return -jnp.log(nearest.min() + 1e-8)


class FeatureNorm:
    weight = 0.01

    def __init__(self, axis):
        self.axis = axis

    def __call__(self, feats):
        return jax.lax.pmean(jnp.mean(feats * feats), self.axis)


def total_loss(feats, terms: list[LossTerm]):
    return sum(term.weight * term(feats) for term in terms)


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(16, 8)).astype(np.float32),)


def main(feats):
    mesh = jax.make_mesh((8,), ("data",))
    feats = jax.device_put(feats, NamedSharding(mesh, P("data", None)))
    terms = [KoLeo("data"), FeatureNorm("data")]
    return jax.shard_map(lambda f: total_loss(f, terms), mesh=mesh,
                         in_specs=P("data", None), out_specs=P())(feats)


if __name__ == "__main__":
    print(main(*inputs()))
