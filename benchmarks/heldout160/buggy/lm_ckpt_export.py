"""models/lm/export.py: gather the scanned layer stack to full weights on the host mesh for the
serving checkpoint; each tensor has its own export layout."""
import numpy as np
from jax._src.shard_map import top_level_all_gather
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
N_LAYERS, D, HID = 3, 16, 32
TRAIN_SPECS = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None), "ln": P(None, None)}
EXPORT_SPECS = {
    "w_in": P(None, None, None, reduced={"model"}),
    "w_out": P(None, None, None),
    "ln": P(None, None),
}


def block(params, h):
    a = jax.nn.relu((h * params["ln"]) @ params["w_in"])
    return h + lax.psum(a @ params["w_out"], "model")


@functools.partial(jax.jit, static_argnames=("policy",))
def refine(stacked, x, policy="dots"):
    step = jax.shard_map(lambda s, h: scan_layers(block, s, h, policy=policy),
                         in_specs=(TRAIN_SPECS, P("data", None)), out_specs=P("data", None))
    return step(stacked, x)


def export(stacked):
    full = {}
    for name in sorted(EXPORT_SPECS):
        full[name] = top_level_all_gather(stacked[name], EXPORT_SPECS[name])
    return full


def inputs():
    rng = np.random.default_rng(3)
    layers = [{"w_in": rng.normal(size=(D, HID)).astype(np.float32) * 0.1,
               "w_out": rng.normal(size=(HID, D)).astype(np.float32) * 0.1,
               "ln": np.ones((D,), np.float32)} for _ in range(N_LAYERS)]
    return layers, rng.normal(size=(8, D)).astype(np.float32)


def main(layers, x):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        stacked = place(mesh, stack_layers(layers), TRAIN_SPECS)
        h = refine(stacked, jax.device_put(x, NamedSharding(mesh, P("data", None))))
        full = export(stacked)
    print("h", float(jnp.abs(h).mean()), {k: v.shape for k, v in full.items()})


if __name__ == "__main__":
    main(*inputs())
