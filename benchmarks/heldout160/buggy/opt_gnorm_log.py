"""training/optim/zero_clip.py: ZeRO-sharded parameters with global-norm clipping; per-leaf
gradient norms go to the logger as a reduced (replicated, summed-cotangent) vector."""
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

AXES = ("replica", "fsdp")
SPECS = {"w": P("fsdp", None), "b": P("fsdp")}
CLIP = {"max_norm": 1.0, "shard_axis": "fsdp", "log_axis": "fsdp"}


def loss_fn(params, x, y):
    full_w = lax.all_gather(params["w"], "fsdp", axis=0, tiled=True, to="invarying")
    full_b = lax.all_gather(params["b"], "fsdp", axis=0, tiled=True, to="invarying")
    pred = jnp.tanh(x @ full_w + full_b)
    return jnp.mean((pred - y) ** 2), pred


def leaf_sq_norm(g, axis=CLIP["shard_axis"]):
    return lax.psum(jnp.sum(g * g), axis)


def leaf_norm_log(sq):
    return lax.all_gather(jnp.sqrt(sq)[None], CLIP["log_axis"], tiled=True, to="reduced")


@functools.partial(jax.jit, static_argnames=("lr",))
def step(params, x, y, lr=0.1):
    def body(params, x, y):
        (loss, _), grads = jax.value_and_grad(loss_fn, has_aux=True)(params, x, y)
        grads = jax.tree.map(lambda g: lax.pmean(g, "replica"), grads)
        sq = jax.tree.map(leaf_sq_norm, grads)
        scale = jnp.minimum(1.0, CLIP["max_norm"] / jnp.sqrt(sq["w"] + sq["b"] + 1e-12))
        logged = jax.tree.map(leaf_norm_log, sq)
        new = jax.tree.map(lambda p, g: p - lr * scale * g, params, grads)
        return new, lax.pmean(loss, "replica"), logged
    return jax.shard_map(body, in_specs=(SPECS, P("replica", None), P("replica", None)),
                         out_specs=(SPECS, P(), {"w": P(None, reduced={"fsdp"}), "b": P(None, reduced={"fsdp"})}))(params, x, y)


def inputs():
    rng = np.random.default_rng(10)
    params = {"w": rng.normal(size=(8, 8)).astype(np.float32) * 0.3, "b": np.zeros((8,), np.float32)}
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return params, x, np.sin(x)


def main(params, x, y):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        params = place(mesh, params, SPECS)
        xd, yd = (jax.device_put(a, NamedSharding(mesh, P("replica", None))) for a in (x, y))
        for _ in range(2):
            params, loss, logged = step(params, xd, yd)
    print("loss", float(loss), {k: np.asarray(v) for k, v in logged.items()})


if __name__ == "__main__":
    main(*inputs())
