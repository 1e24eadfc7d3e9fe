"""Relative drift between EMA and online weights, reduced over every mesh axis for logging."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


def sq_norm(x, axis_name):
    return jax.lax.psum(jnp.sum(x * x), axis_name)


def ema_drift(ema, params, *, row_axis, all_axes):
    both = jnp.stack([sq_norm(ema - params, row_axis), sq_norm(params, row_axis)])
    diff, ref = jax.lax.psum(both, all_axes)
    return diff / ref


def inputs():
    rng = np.random.default_rng(18)
    p = rng.standard_normal((16, 8), dtype=np.float32)
    return p + 0.01 * rng.standard_normal((16, 8), dtype=np.float32), p


def main(ema, params):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    spec = P("fsdp", "tp")
    ema, params = (jax.device_put(a, NamedSharding(mesh, spec)) for a in (ema, params))
    body = functools.partial(ema_drift, row_axis="tp", all_axes=mesh.axis_names[0])
    drift = jax.shard_map(body, mesh=mesh, in_specs=(spec, spec), out_specs=P())(ema, params)
    print(drift)
    return drift


if __name__ == "__main__":
    main(*inputs())
