"""Gripper width normalisation with the scene-wide min/max, shared across candidate shards."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

GRIPPER = {"max_width": 0.08, "axes": {"candidates": "grasp"}}


def width_table(widths):
    return jax.lax.all_gather(widths, GRIPPER["axes"]["candidates"], tiled=True, to="reduced")


def normalised_widths(widths):
    table = width_table(widths)
    scaled = jnp.clip(table / GRIPPER["max_width"], 0.0, 1.0)
    return scaled.max(axis=0)


def inputs():
    mesh = jax.make_mesh((2, 4), ("scene", "grasp"))
    w = jnp.linspace(0.0, 0.1, 16 * 4, dtype=jnp.float32).reshape(16, 4)
    return mesh, jax.device_put(w, NamedSharding(mesh, P("grasp", "scene")))


def main(mesh, w):
    return jax.shard_map(normalised_widths, mesh=mesh, in_specs=P("grasp", "scene"),
                         out_specs=P("scene"))(w)
