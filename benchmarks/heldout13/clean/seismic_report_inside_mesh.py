"""Velocity-model QC: the report helper gathers the model while the context mesh is set."""
import jax
import jax.numpy as jnp
from jax._src.shard_map import top_level_all_gather
from jax.sharding import NamedSharding, PartitionSpec as P

SPECS = {"vp": P("z", "x"), "vs": P("z", "x")}
QC_SPEC = P("z", None, reduced={"x"})


def qc_report(model):
    return {"vp": top_level_all_gather(model["vp"], QC_SPEC),
            "ratio": jnp.mean(model["vp"] / model["vs"])}


def main(vp, vs, mesh):
    model = jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)),
                         {"vp": vp, "vs": vs}, SPECS)
    with jax.set_mesh(mesh):
        for _ in range(3):
            model = jax.tree.map(lambda m: m - 0.01 * jnp.sign(m), model)
        report = qc_report(model)
    return report


def inputs():
    mesh = jax.make_mesh((2, 4), ("z", "x"))
    vp = jnp.linspace(1500.0, 4500.0, 8)[:, None] * jnp.ones((8, 16))
    return vp, vp / 1.7, mesh
