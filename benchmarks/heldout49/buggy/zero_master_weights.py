"""Mixed-precision ZeRO step: fp32 master shards gathered, updated, cast to bf16 for compute."""
import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

OPT = {"lr": 1e-2, "compute_dtype": jnp.bfloat16}


def gather_master(master, axis):
    return jax.lax.all_gather(master, axis, axis=0, tiled=True, to="reduced")


def sgd_apply(master, grad, axis, lr):
    full = gather_master(master, axis)
    compute = full.astype(OPT["compute_dtype"])
    updated = full - lr * grad
    return compute, updated


def inputs():
    mesh = jax.make_mesh((2, 4), ("replica", "shard"))
    rng = np.random.default_rng(31)
    master = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                            NamedSharding(mesh, P("shard", None)))
    grad = jax.device_put(rng.normal(size=(16, 8)).astype(np.float32),
                          NamedSharding(mesh, P(None, None)))
    return mesh, master, grad


def main(mesh, master, grad):
    step = functools.partial(sgd_apply, axis="shard", lr=OPT["lr"])
    f = jax.shard_map(step, mesh=mesh, in_specs=(P("shard", None), P(None, None)),
                      out_specs=(P(None, None), P(None, None)))
    return f(master, grad)


if __name__ == "__main__":
    main(*inputs())
