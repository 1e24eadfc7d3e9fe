"""Contact-matrix blocks gathered separately along each mesh axis (a region row and a member
column), each as a reduced array."""
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def assemble(block, mesh):
    member_axis, region_axis = mesh.axis_names
    row = jax.lax.all_gather(block, region_axis, axis=1, tiled=True, to="reduced")
    col = jax.lax.all_gather(block, member_axis, axis=0, tiled=True, to="reduced")
    return row, col


def main(blocks, mesh):
    member_axis, region_axis = mesh.axis_names
    spec = P(*mesh.axis_names)
    blocks = jax.device_put(blocks, NamedSharding(mesh, spec))
    fn = jax.shard_map(lambda b: assemble(b, mesh), mesh=mesh, in_specs=spec,
                       out_specs=(P(member_axis, None, reduced={region_axis}),
                                  P(None, region_axis, reduced={member_axis})))
    return fn(blocks)


def inputs():
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    return jax.random.uniform(jax.random.key(62), (4, 8)), mesh
