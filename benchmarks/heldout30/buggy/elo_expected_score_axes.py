"""Calibration of Elo expected scores against observed results, averaged over the whole mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def brier(rating_a, rating_b, result, axes):
    player_axis, match_axis = axes
    expected = 1.0 / (1.0 + 10.0 ** ((rating_b - rating_a) / 400.0))
    sq = jax.lax.psum(((expected - result) ** 2).sum(axis=1), match_axis)
    return jax.lax.pmean(sq.mean(), axes)


def inputs():
    rng = np.random.default_rng(103)
    a = rng.normal(1500, 200, (16, 8)).astype(np.float32)
    b = rng.normal(1500, 200, (16, 8)).astype(np.float32)
    return a, b, (a > b).astype(np.float32)


def main(rating_a, rating_b, result):
    mesh = jax.make_mesh((4, 2), ("players", "matches"))
    axes = tuple(mesh.axis_names)
    spec = P(*axes)
    args = [jax.device_put(x, NamedSharding(mesh, spec)) for x in (rating_a, rating_b, result)]
    fn = jax.shard_map(lambda a, b, r: brier(a, b, r, axes), mesh=mesh,
                       in_specs=(spec,) * 3, out_specs=P())
    return fn(*args)


if __name__ == "__main__":
    print(main(*inputs()))
