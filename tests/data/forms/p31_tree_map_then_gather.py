import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(grads):
    synced = jax.tree.map(lambda g: lax.psum(g, "i"), grads)
    return lax.all_gather(synced, "i", to="reduced", tiled=True)  # SF101 (both leaves invariant on 'i'; only 'a' varies on 'j')


def run(mesh, a, b):
    specs = {"a": P("i", "j"), "b": P("i")}
    return jax.shard_map(body, mesh=mesh, in_specs=(specs,), out_specs=P(None, reduced={"i"}))({"a": a, "b": b})
