import jax
from jax.sharding import PartitionSpec as P


def body(x):
    grads = jax.lax.psum(x, "j")
    state = {"step": 0, "g": grads}

    def not_done(s):
        return s["step"] < 2

    def update(s):
        return {"step": s["step"] + 1, "g": s["g"] * 0.9}

    state = jax.lax.while_loop(not_done, update, state)
    return jax.lax.psum(state["g"], ("i", "j"))  # SF105


def run(mesh, x):
    return jax.shard_map(body, mesh=mesh, in_specs=P("i", "j"), out_specs=P())(x)
