import jax
from jax import lax
from jax.sharding import PartitionSpec as P

def layer(w):
    s = lax.psum(w, "i")
    return lax.all_gather(s, "i", to="reduced", tiled=True)  # SF101

def run(mesh, w):
    remat = jax.shard_map(jax.checkpoint(layer, policy=jax.checkpoint_policies.nothing_saveable), mesh=mesh,
                          in_specs=P("i"), out_specs=P(None, reduced={"i"}))
    return remat(w), jax.shard_map(jax.jit(layer), mesh=mesh, in_specs=P("i"), out_specs=P(None, reduced={"i"}))(w)
