import functools
from typing import NamedTuple
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

AXES = ("i", "j")


class Params(NamedTuple):
    w: jax.Array
    b: jax.Array


SPECS = Params(P(None, "j"), P("j"))


def loss_aux(params, x):
    y = x @ params.w + params.b
    l = jnp.mean(y ** 2)
    return l, {"loss": l}


def a(params, x):
    (l, aux), grads = jax.value_and_grad(loss_aux, has_aux=True)(params, x)
    grads = jax.tree_util.tree_map(functools.partial(lax.pmean, axis_name=AXES), grads)  # SF105
    return grads


def b(params, x):
    grads, aux = jax.grad(loss_aux, has_aux=True)(params, x)
    grads = jax.tree.map(lambda g: lax.pmean(g, axis_name=AXES), grads)  # SF105
    return grads


def c(params, x):
    grads, aux = jax.grad(loss_aux, has_aux=True)(params, x)
    w = lax.psum(grads.w, AXES)  # SF105
    return w


def d(params, x):
    grads, aux = jax.grad(loss_aux, has_aux=True)(params, x)
    leaves = jax.tree.leaves(grads)
    norm = sum(jnp.sum(g ** 2) for g in leaves)
    return lax.psum(norm, AXES)  # SF105


def e(tree, x):
    def loss(t):
        return jnp.mean((x @ t["params"]["w"]) ** 2)
    g = jax.grad(loss)(tree)
    return jax.tree.map(lambda v: lax.pmean(v, AXES), g)  # SF105


def f(params, x):
    loss, grads = jax.value_and_grad(lambda p: jnp.mean((x @ p["w"]) ** 2))(params)
    loss = lax.pmean(loss, AXES)  # SF105
    return loss


def run(mesh, x):
    p = Params(x, x[0])
    a1 = jax.shard_map(a, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=SPECS)(p, x)
    b1 = jax.shard_map(b, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=SPECS)(p, x)
    c1 = jax.shard_map(c, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=P())(p, x)
    d1 = jax.shard_map(d, mesh=mesh, in_specs=(SPECS, P("i")), out_specs=P())(p, x)
    e1 = jax.shard_map(e, mesh=mesh, in_specs=({"params": {"w": P(None, "j")}}, P("i")), out_specs=P())({"params": {"w": x}}, x)
    f1 = jax.shard_map(f, mesh=mesh, in_specs=({"w": P()}, P("i")), out_specs=P())({"w": x}, x)
    return a1, b1, c1, d1, e1, f1
