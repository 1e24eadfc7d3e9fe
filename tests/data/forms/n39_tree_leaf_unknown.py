import jax
from jax import lax
from jax.sharding import PartitionSpec as P


def body(w, b, other):
    grads = {"a": other.value, "w": lax.psum(w, "i"), "b": b}
    return lax.all_gather(grads, "i", to="reduced", tiled=True)  # none (leaf 'a' comes first and is unknown)


def run(mesh, w, b, other):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i"), P("i"), P()), out_specs=P(None, reduced={"i"}))(w, b, other)
