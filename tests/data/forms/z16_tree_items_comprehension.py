import jax
from jax.sharding import PartitionSpec as P


def export(grads):
    grads = jax.tree.map(lambda g: jax.lax.psum(g, "i"), grads)
    full = {name: jax.lax.all_gather(g, "i", to="reduced") for name, g in grads.items()}  # SF101
    return grads, full


def scaled(shards):
    return [jax.lax.all_gather(w, "i", axis=0, tiled=True, to="reduced") * 0.5 for w in shards.values()]  # SF106


def run(mesh, x):
    tree = {"a": x, "b": x}
    a = jax.shard_map(export, mesh=mesh, in_specs=P("i"), out_specs=(P(), P(reduced={"i"})))(tree)
    return a, jax.shard_map(scaled, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(tree)
