"""jmp-like precision policy: compute-dtype copies of fp32 master weights."""
from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = jax.make_mesh((2, 4), ("data", "model"))


class Policy(NamedTuple):
    param_dtype: jnp.dtype
    compute_dtype: jnp.dtype
    output_dtype: jnp.dtype


def get_policy(spec: str) -> Policy:
    names = dict(kv.split("=") for kv in spec.split(","))
    return Policy(*(jnp.dtype(names[k]) for k in ("params", "compute", "output")))


def cast_to_compute(policy, w, *, shard_axes=("data", "model")):
    w = w.astype(policy.compute_dtype)
    cols = jax.lax.all_gather(w, shard_axes[-1], axis=1, tiled=True, to="reduced")
    return jax.lax.all_gather(cols, shard_axes, axis=0, tiled=True, to="reduced")


def inputs():
    w = jnp.linspace(-1.0, 1.0, 8 * 16, dtype=jnp.float32).reshape(8, 16)
    return (jax.device_put(w, NamedSharding(MESH, P("data", "model"))),)


def main(w):
    policy = get_policy("params=float32,compute=bfloat16,output=float32")
    fn = jax.shard_map(lambda x: cast_to_compute(policy, x), mesh=MESH,
                       in_specs=P("data", "model"), out_specs=P(None, None, reduced={"data", "model"}))
    return fn(w)


if __name__ == "__main__":
    main(*inputs())
