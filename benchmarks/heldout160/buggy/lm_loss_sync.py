"""models/lm/train_step.py: one data+tensor parallel step of the scanned decoder, loss and
gradient from value_and_grad(has_aux=True), gradients clipped on the way back."""
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

AXES = ("data", "model")
N_LAYERS, D, HID = 2, 16, 32
SYNC = {"grads": "data", "metrics": AXES, "clip": 1.0, "lr": 0.05}


def block(params, h):
    a = jax.nn.silu(h @ clip_grad(params["w_in"], SYNC["clip"]))
    return h + lax.psum(a @ params["w_out"], "model")


def loss_fn(stacked, x, y):
    h = scan_layers(block, stacked, x, policy="dots_no_batch")
    err = h - y
    per_example = jnp.mean(err * err, axis=-1)
    return jnp.mean(per_example), {"max_err": jnp.max(per_example)}


def train_step(stacked, x, y):
    (loss, aux), grads = jax.value_and_grad(loss_fn, has_aux=True)(stacked, x, y)
    grads = jax.tree.map(lambda g: lax.pmean(g, SYNC["grads"]), grads)
    new = jax.tree.map(lambda p, g: p - SYNC["lr"] * g, stacked, grads)
    metrics = {"loss": lax.pmean(loss, SYNC["metrics"]), "max_err": lax.pmax(aux["max_err"], "data")}
    return new, metrics


def inputs():
    rng = np.random.default_rng(4)
    layers = [{"w_in": rng.normal(size=(D, HID)).astype(np.float32) * 0.1,
               "w_out": rng.normal(size=(HID, D)).astype(np.float32) * 0.1} for _ in range(N_LAYERS)]
    x = rng.normal(size=(8, D)).astype(np.float32)
    return layers, x, np.roll(x, 1, axis=-1)


def main(layers, x, y):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None)}
    with jax.set_mesh(mesh):
        stacked = place(mesh, stack_layers(layers), specs)
        xd, yd = (jax.device_put(a, NamedSharding(mesh, P("data", None))) for a in (x, y))
        step = jax.jit(jax.shard_map(train_step, mesh=mesh, in_specs=(specs, P("data", None), P("data", None)),
                                     out_specs=(specs, {"loss": P(), "max_err": P()})))
        for _ in range(3):
            stacked, metrics = step(stacked, xd, yd)
    print({k: float(v) for k, v in metrics.items()})


if __name__ == "__main__":
    main(*inputs())
