"""models/moe/router.py: top-1 router of an expert-parallel MoE layer; the router is
rematerialised and the per-expert load goes to the balance dashboard."""
import numpy as np
# ---- xform_lite (vendored from our infra/xform.py; keep in sync by hand) ----------------
import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P


@functools.partial(jax.custom_vjp, nondiff_argnums=(1,))
def clip_grad(x, bound):
    """Identity forward; the backward pass clips the incoming cotangent to [-bound, bound]."""
    return x


def _clip_grad_fwd(x, bound):
    return x, None


def _clip_grad_bwd(bound, _, g):
    return (jnp.clip(g, -bound, bound),)


clip_grad.defvjp(_clip_grad_fwd, _clip_grad_bwd)


@jax.custom_jvp
def safe_log(x):
    return jnp.log(jnp.maximum(x, 1e-12))


@safe_log.defjvp
def _safe_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    # the floor keeps the tangent finite where x underflows to zero
    return safe_log(x), t / jnp.maximum(x, 1e-12)


REMAT_POLICIES = {
    "nothing": jax.checkpoint_policies.nothing_saveable,
    "dots": jax.checkpoint_policies.dots_saveable,
    "dots_no_batch": jax.checkpoint_policies.dots_with_no_batch_dims_saveable,
    "everything": jax.checkpoint_policies.everything_saveable,
}


def remat(fn, policy="dots"):
    return jax.checkpoint(fn, policy=REMAT_POLICIES[policy])


def stack_layers(layers):
    """A list of per-layer param dicts -> one dict of arrays with a leading layer axis."""
    return jax.tree.map(lambda *xs: jnp.stack(xs), *layers)


def scan_layers(layer_fn, stacked, h, policy=None):
    step = layer_fn if policy is None else remat(layer_fn, policy)

    def body(carry, params):
        return step(params, carry), None

    out, _ = lax.scan(body, h, stacked)
    return out


def place(mesh, tree, specs):
    return jax.tree.map(lambda a, s: jax.device_put(a, NamedSharding(mesh, s)), tree, specs,
                        is_leaf=lambda s: isinstance(s, P))
# ---- end xform_lite -----------------------------------------------------------------------

AXES = ("expert", "data")
N_EXPERTS, D = 4, 8
ROUTER = {"policy": "nothing", "load_axis": "data"}


def route(x, w_router):
    logits = x @ w_router
    gates = jax.nn.softmax(logits, axis=-1)
    return gates, jax.nn.one_hot(jnp.argmax(logits, axis=-1), N_EXPERTS)


def expert_ffn(x, w_expert, gates):
    mine = lax.axis_index("expert")
    return jnp.tanh(x @ w_expert[0]) * gates[:, mine][:, None]


def moe_layer(x, w_router, w_expert):
    gates, onehot = remat(route, ROUTER["policy"])(x, w_router)
    load = lax.psum(jnp.sum(onehot, axis=0), ROUTER["load_axis"])
    load_curve = lax.all_gather(load, ROUTER["load_axis"], tiled=True, to="reduced")
    out = lax.psum(expert_ffn(x, w_expert, gates), "expert")
    return out, load_curve


def inputs():
    rng = np.random.default_rng(30)
    return (rng.normal(size=(16, D)).astype(np.float32), rng.normal(size=(D, N_EXPERTS)).astype(np.float32),
            rng.normal(size=(N_EXPERTS, D, D)).astype(np.float32) * 0.3)


def main(x, w_router, w_expert):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P()))
        we = jax.device_put(w_expert, NamedSharding(mesh, P("expert", None, None)))
        fn = jax.jit(jax.shard_map(moe_layer, mesh=mesh, in_specs=(P("data", None), P(), P("expert", None, None)),
                                   out_specs=(P("data", None), P(None, reduced={"data"}))))
        out, load = fn(xd, wr, we)
    print("load", np.asarray(load))


if __name__ == "__main__":
    main(*inputs())
