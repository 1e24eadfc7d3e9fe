"""Orbax-style restore: arrays read from a host checkpoint, placed by restore args, then audited."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

RESTORE_SPECS = {"dense/kernel": P("fsdp", "tp"), "dense/bias": P("tp")}


def restore(checkpoint, mesh):
    return {name: jax.device_put(np.asarray(value), NamedSharding(mesh, RESTORE_SPECS[name]))
            for name, value in checkpoint.items()}


def audit_body(kernel):
    sq = jax.lax.psum(jnp.sum(kernel * kernel, axis=0), "fsdp")
    norms = jax.lax.all_gather(jnp.sqrt(sq), "fsdp", tiled=True, to="reduced")
    return norms


def main(checkpoint):
    mesh = jax.make_mesh((4, 2), ("fsdp", "tp"))
    state = restore(checkpoint, mesh)
    audit = jax.shard_map(audit_body, mesh=mesh, in_specs=RESTORE_SPECS["dense/kernel"],
                          out_specs=P("tp", reduced={"fsdp"}))
    return audit(state["dense/kernel"])


def inputs():
    rng = np.random.default_rng(30)
    return ({"dense/kernel": rng.standard_normal((16, 8), dtype=np.float32),
             "dense/bias": np.zeros((8,), np.float32)},)
