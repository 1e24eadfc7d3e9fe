"""Order-book features: depth-weighted bid/ask imbalance across book levels."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

FEATURES = {}


def feature(name):
    def register(fn):
        FEATURES[name] = fn
        return fn
    return register


class FeatureSpec(NamedTuple):
    symbol_axis: str = "symbols"
    level_axis: str = "levels"
    decay: float = 0.5


@feature("depth_imbalance")
def depth_imbalance(bid, ask, spec: FeatureSpec):
    w = spec.decay ** jnp.arange(bid.shape[1], dtype=bid.dtype)
    b = jax.lax.psum((bid * w).sum(axis=1), spec.level_axis)
    a = jax.lax.psum((ask * w).sum(axis=1), spec.level_axis)
    imb = (b - a) / (b + a)
    return jax.lax.all_gather(imb, spec.level_axis, to="reduced")


def compute(name, bid, ask, spec=FeatureSpec()):
    mesh = jax.make_mesh((4, 2), (spec.symbol_axis, spec.level_axis))
    layout = P(spec.symbol_axis, spec.level_axis)
    bid, ask = (jax.device_put(v, NamedSharding(mesh, layout)) for v in (bid, ask))
    fn = jax.shard_map(lambda b, a: FEATURES[name](b, a, spec), mesh=mesh, in_specs=(layout, layout),
                       out_specs=P(None, spec.symbol_axis, reduced={spec.level_axis}))
    return fn(bid, ask)


def inputs():
    rng = np.random.default_rng(12)
    return (rng.integers(1, 500, (16, 10)).astype(np.float32), rng.integers(1, 500, (16, 10)).astype(np.float32))


def main(bid, ask):
    return compute("depth_imbalance", bid, ask)


if __name__ == "__main__":
    print(main(*inputs()))
