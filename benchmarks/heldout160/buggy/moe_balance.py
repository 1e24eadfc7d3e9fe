"""models/moe/balance.py: Switch-style load-balancing loss; the per-expert token fractions are
reduce-scattered so each device holds the fractions of the experts it owns."""
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
N_EXPERTS, D = 8, 8
BALANCE = {"weight": 0.01, "owner_axes": ("expert", "data")}


def fractions(x, w_router):
    probs = jax.nn.softmax(x @ w_router, axis=-1)
    counts = jnp.sum(jax.nn.one_hot(jnp.argmax(probs, axis=-1), N_EXPERTS), axis=0)
    return counts / x.shape[0], jnp.mean(probs, axis=0)


def aux_loss(x, w_router):
    def loss(w):
        frac, prob = fractions(x, w)
        return BALANCE["weight"] * N_EXPERTS * jnp.sum(frac * prob), frac
    (value, frac), g = jax.value_and_grad(loss, has_aux=True)(w_router)
    owned = lax.psum_scatter(frac, BALANCE["owner_axes"], scatter_dimension=0, tiled=True)
    return lax.pmean(value, "data"), lax.pmean(g, "data"), owned


def inputs():
    rng = np.random.default_rng(34)
    return rng.normal(size=(16, D)).astype(np.float32), rng.normal(size=(D, N_EXPERTS)).astype(np.float32)


def main(x, w_router):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        wr = jax.device_put(w_router, NamedSharding(mesh, P()))
        fn = jax.jit(jax.shard_map(aux_loss, mesh=mesh, in_specs=(P("data", None), P()),
                                   out_specs=(P(), P(), P(("expert", "data")))))
        value, g, owned = fn(xd, wr)
    print("aux", float(value), np.asarray(owned))


if __name__ == "__main__":
    main(*inputs())
