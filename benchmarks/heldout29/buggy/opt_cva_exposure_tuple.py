"""CVA: expected positive exposure of netting sets, netted across trades first."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_CONFIG = {"shape": (4, 2), "axes": {"mc": "paths", "trades": "trades"}}


def epe(mtm, hazard):
    axes = MESH_CONFIG["axes"]
    netted = jax.lax.psum(mtm.sum(axis=1), axes["trades"])
    positive = jnp.maximum(netted, 0.0)
    total = jax.lax.psum(jnp.sum(positive * hazard), (axes["mc"], axes["trades"]))
    return total / (mtm.shape[0] * 4)


def inputs():
    rng = np.random.default_rng(105)
    return rng.standard_normal((64, 8)).astype(np.float32), rng.uniform(0.01, 0.02, (64,)).astype(np.float32)


def main(mtm, hazard):
    axes = MESH_CONFIG["axes"]
    mesh = jax.make_mesh(MESH_CONFIG["shape"], (axes["mc"], axes["trades"]))
    mtm = jax.device_put(mtm, NamedSharding(mesh, P(axes["mc"], axes["trades"])))
    hazard = jax.device_put(hazard, NamedSharding(mesh, P(axes["mc"])))
    fn = jax.shard_map(epe, mesh=mesh, in_specs=(P(axes["mc"], axes["trades"]), P(axes["mc"])), out_specs=P())
    return fn(mtm, hazard)


if __name__ == "__main__":
    print(main(*inputs()))
