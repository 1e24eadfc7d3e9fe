"""Gradient sync for SigLIP's learnable temperature and bias (a params dict)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

DATA = "data"
MODEL = "model"

SCALARS = ("log_t", "bias")


def replicate_scalars(grads):
    return {k: jax.lax.all_gather(grads[k], DATA, tiled=True, to="reduced") for k in SCALARS}


def sync(grads):
    shared = replicate_scalars(grads)
    out = dict(grads)
    for name in SCALARS:
        out[name] = jax.lax.psum(shared[name], DATA)
    out["proj"] = jax.lax.pmean(grads["proj"], DATA)
    return out


def inputs():
    rng = np.random.default_rng(4)
    return ({"log_t": np.full((2,), 0.1, np.float32),
             "bias": np.full((2,), -0.2, np.float32),
             "proj": rng.normal(size=(8, 8)).astype(np.float32)},)


def main(grads):
    mesh = jax.make_mesh((2, 4), (DATA, MODEL))
    specs = {"log_t": P(DATA), "bias": P(DATA), "proj": P(DATA, MODEL)}
    grads = jax.tree.map(lambda g, s: jax.device_put(g, NamedSharding(mesh, s)), grads, specs)
    out_specs = {"log_t": P(), "bias": P(), "proj": P(None, MODEL)}
    return jax.shard_map(sync, mesh=mesh, in_specs=(specs,), out_specs=out_specs)(grads)


if __name__ == "__main__":
    print(jax.tree.map(jnp.shape, main(*inputs())))
