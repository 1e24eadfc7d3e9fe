"""training/optim/global_clip.py: 2-D sharded weights (rows over replica-tensor, columns over fsdp)
with a global gradient-norm clip; the squared norm is summed over both axes at once."""
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
CLIP = {"max_norm": 0.5, "norm_axes": ("replica", "fsdp"), "lr": 0.1}


def loss_fn(w, x):
    part = x @ w
    return jnp.mean(jnp.tanh(part) ** 2), jnp.max(jnp.abs(part))


def clipped_step(w, x):
    (loss, peak), g = jax.value_and_grad(loss_fn, has_aux=True)(w, x)
    sq = jnp.sum(g * g)
    total = lax.psum(sq, CLIP["norm_axes"])
    scale = jnp.minimum(1.0, CLIP["max_norm"] / jnp.sqrt(total + 1e-12))
    return w - CLIP["lr"] * scale * g, lax.pmax(peak, CLIP["norm_axes"])


def inputs():
    rng = np.random.default_rng(71)
    return rng.normal(size=(8, 8)).astype(np.float32), rng.normal(size=(16, 8)).astype(np.float32)


def main(w, x):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w, NamedSharding(mesh, P("replica", "fsdp")))
        xd = jax.device_put(x, NamedSharding(mesh, P(None, "replica")))
        fn = jax.jit(jax.shard_map(clipped_step, mesh=mesh, in_specs=(P("replica", "fsdp"), P(None, "replica")),
                                   out_specs=(P("replica", "fsdp"), P())))
        wd, peak = fn(wd, xd)
    print("peak", float(peak), float(jnp.abs(wd).mean()))


if __name__ == "__main__":
    main(*inputs())
