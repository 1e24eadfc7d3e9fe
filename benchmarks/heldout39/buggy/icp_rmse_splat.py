import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

POINT_AXIS = "pts"
REDUCE_KW = {"axis_name": ("pair", POINT_AXIS)}


def squared_error(src, dst):
    per_pair = jnp.sum((src - dst) ** 2)
    return jax.lax.psum(per_pair, POINT_AXIS)


def rmse(src, dst, n_total):
    sq = squared_error(src, dst)
    return jnp.sqrt(jax.lax.psum(sq, **REDUCE_KW) / n_total)


def inputs():
    rng = np.random.default_rng(24)
    src = rng.normal(size=(4, 32, 3)).astype(np.float32)
    return src, src + 0.05


def main(src, dst):
    mesh = jax.make_mesh((2, 4), ("pair", POINT_AXIS))
    spec = P("pair", POINT_AXIS, None)
    src = jax.device_put(src, NamedSharding(mesh, spec))
    dst = jax.device_put(dst, NamedSharding(mesh, spec))
    err = jax.shard_map(lambda s, d: rmse(s, d, src.size), mesh=mesh, in_specs=(spec, spec), out_specs=P())(src, dst)
    print("rmse", float(err))
    return err


if __name__ == "__main__":
    main(*inputs())
