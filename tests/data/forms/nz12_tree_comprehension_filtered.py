import jax
from jax.sharding import PartitionSpec as P


def export(grads):
    full = {name: jax.lax.all_gather(g, "i", to="reduced") for name, g in grads.items()}  # leaves vary on i
    return full


def picked(grads):
    summed = jax.tree.map(lambda g: jax.lax.psum(g, "i"), grads)
    return [jax.lax.all_gather(g, "i", to="reduced") for name, g in summed.items() if name == "none"]  # no leaf kept


def run(mesh, x):
    tree = {"a": x, "b": x}
    a = jax.shard_map(export, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(tree)
    return a, jax.shard_map(picked, mesh=mesh, in_specs=P("i"), out_specs=P(reduced={"i"}))(tree)
