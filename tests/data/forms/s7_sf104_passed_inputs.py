import functools

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

AXES3 = ("a", "b", "c")


class Plan:
    train = P(("i", "j"), None)
    serve = P("j", None)


def init_params(mesh):
    @functools.partial(jax.jit, out_shardings=NamedSharding(mesh, P("i", "j")))
    def init():
        return jnp.ones((8, 8))
    return init()


def replicate_rows(w):
    return top_level_all_gather(w, P(None, "j"))  # SF104


def to_serving(x, plan=Plan):
    x = jax.reshard(x, plan.train)
    return top_level_all_gather(x, plan.serve)  # SF104


def shard_tree(params, mesh, spec):
    return jax.tree.map(lambda p: jax.device_put(p, NamedSharding(mesh, spec)), params)


def gather_tree(params):
    return jax.tree.map(lambda p: top_level_all_gather(p, P()), params)  # SF104


def main(mesh, x):
    with jax.set_mesh(mesh):
        w = init_params(mesh)
        a = replicate_rows(w)
        b = to_serving(x)
        c = gather_tree(shard_tree({"w": x, "b": x}, mesh, P("i")))
    return a, b, c


def sliced(v):
    mesh = jax.make_mesh((2, 2, 2), AXES3)
    with jax.set_mesh(mesh):
        y = jax.device_put(v, NamedSharding(mesh, P(AXES3)))
        rest = top_level_all_gather(y, P(AXES3[1:]))  # SF104
        first = top_level_all_gather(y, P(AXES3[:1]))  # SF104
        whole = top_level_all_gather(y, P(None, reduced={AXES3[0], AXES3[1], AXES3[-1]}))  # none
    return rest, first, whole
