"""Cloth simulation state as a registered dataclass pytree; vertex snapshot for the renderer."""
import dataclasses

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class ClothState:
    pos: jax.Array
    vel: jax.Array


SPECS = ClothState(pos=P("cloth", "patch", None), vel=P("cloth", "patch", None))
RENDER_AXES = ("cloth", "patch")


def patch_snapshot(state: ClothState):
    return jax.lax.all_gather(state.pos, "patch", axis=1, tiled=True, to="reduced")


def render_snapshot(state: ClothState):
    verts = patch_snapshot(state)
    return jax.lax.all_gather(verts, RENDER_AXES, axis=0, tiled=True, to="reduced")


def inputs():
    mesh = jax.make_mesh((2, 4), ("cloth", "patch"))
    pos = jnp.arange(4 * 8 * 3, dtype=jnp.float32).reshape(4, 8, 3) * 0.01
    state = ClothState(pos=pos, vel=jnp.zeros_like(pos))
    state = jax.tree.map(lambda x, s: jax.device_put(x, NamedSharding(mesh, s)), state, SPECS)
    return mesh, state


def main(mesh, state):
    fn = jax.shard_map(render_snapshot, mesh=mesh, in_specs=(SPECS,),
                       out_specs=P(None, None, None, reduced={"cloth", "patch"}))
    return fn(state)
