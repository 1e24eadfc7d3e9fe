from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class Policy(NamedTuple):
    param_dtype: jnp.dtype
    compute_dtype: jnp.dtype
    output_dtype: jnp.dtype


def get_policy(spec: str) -> Policy:
    names = dict(kv.split("=") for kv in spec.split(","))
    return Policy(*(jnp.dtype(names[k]) for k in ("params", "compute", "output")))


def cast_to_compute(policy, w, *, shard_axes=("i", "j")):
    w = w.astype(policy.compute_dtype)
    return jax.lax.all_gather(w, shard_axes, axis=0, tiled=True, to="reduced")


def main(mesh, x):
    policy = get_policy("params=float32,compute=bfloat16,output=float32")
    fn = jax.shard_map(lambda v: cast_to_compute(policy, v), mesh=mesh,
                       in_specs=P("i", "j"), out_specs=P(None, None, reduced={"i", "j"}))
    return fn(x)
