import jax
from jax.sharding import PartitionSpec as P


def sgd(params, grads, lr=0.1):
    return jax.tree.map(lambda p, g: p - lr * jax.lax.psum(g, ("i", "j")), params, grads)  # SF105


def body(w, x):
    params = {"w": w}
    grads = {"w": jax.lax.psum(x, "j")}
    return sgd(params, grads)["w"]


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=(P("i", "j"), P("i", "j")), out_specs=P("i", "j"))(x, x)
