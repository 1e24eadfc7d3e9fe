"""Age-structured contact matrices: each (member, region) shard holds one block of the
next-generation matrix; blocks are assembled region-wise, then for the whole ensemble."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def assemble(block, mesh):
    member_axis, region_axis = mesh.axis_names
    row = jax.lax.all_gather(block, region_axis, axis=1, tiled=True, to="reduced")
    ngm = jax.lax.all_gather(row, tuple(reversed(mesh.axis_names)), axis=0, tiled=True,
                             to="reduced")
    del member_axis
    return ngm


def main(blocks, mesh):
    spec = P(*mesh.axis_names)
    blocks = jax.device_put(blocks, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda b: assemble(b, mesh), mesh=mesh, in_specs=spec,
                       out_specs=P(None, None, reduced=set(mesh.axis_names)))
    return fn(blocks)


def inputs():
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    return jax.random.uniform(jax.random.key(26), (4, 8)), mesh
