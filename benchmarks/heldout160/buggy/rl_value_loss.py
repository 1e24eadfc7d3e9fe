"""agents/ppo/critic.py: a row-parallel critic (hidden units over `model`); the value loss and its
gradient come from value_and_grad(has_aux=True) and the explained variance is pooled."""
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

AXES = ("env", "model")
OBS, HID = 8, 16
CRITIC = {"lr": 0.05, "pool_axes": ("env", "model")}


def values(params, obs):
    h = jnp.tanh(obs @ params["w1"])
    return lax.psum(h @ params["w2"], "model")[:, 0]


def value_loss(params, obs, returns):
    v = values(params, obs)
    err = v - returns
    return jnp.mean(err * err), jnp.var(returns)


def critic_step(params, obs, returns):
    (loss, ret_var), grads = jax.value_and_grad(value_loss, has_aux=True)(params, obs, returns)
    grads = jax.tree.map(lambda g: lax.pmean(g, "env"), grads)
    explained = 1.0 - lax.pmean(loss / (ret_var + 1e-6), CRITIC["pool_axes"])
    new = jax.tree.map(lambda p, g: p - CRITIC["lr"] * g, params, grads)
    return new, explained


def inputs():
    rng = np.random.default_rng(64)
    params = {"w1": rng.normal(size=(OBS, HID)).astype(np.float32) * 0.3,
              "w2": rng.normal(size=(HID, 1)).astype(np.float32) * 0.3}
    return params, rng.normal(size=(8, OBS)).astype(np.float32), rng.uniform(size=(8,)).astype(np.float32)


def main(params, obs, returns):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = {"w1": P(None, "model"), "w2": P("model", None)}
    with jax.set_mesh(mesh):
        params = place(mesh, params, specs)
        od = jax.device_put(obs, NamedSharding(mesh, P("env", None)))
        rd = jax.device_put(returns, NamedSharding(mesh, P("env")))
        fn = jax.jit(jax.shard_map(critic_step, mesh=mesh, in_specs=(specs, P("env", None), P("env")),
                                   out_specs=(specs, P())))
        params, ev = fn(params, od, rd)
    print("explained variance", float(ev))


if __name__ == "__main__":
    main(*inputs())
