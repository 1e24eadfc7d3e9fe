"""training/optim/replicated_adam.py: the Adam update is applied to the regathered full weight on
every device (cheap for small heads), then the owned shard is sliced back out."""
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
HEAD = {"lr": 1e-2, "b1": 0.9, "b2": 0.999, "eps": 1e-8, "gather_to": "reduced"}


def full_view(shard, to=HEAD["gather_to"]):
    return lax.all_gather(shard, "fsdp", axis=0, tiled=True, to=to)


def head_loss(w, x, y):
    return jnp.mean((jnp.tanh(x @ w) - y) ** 2)


def adam(w_shard, m, v, x, y):
    g = jax.grad(head_loss)(lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="invarying"), x, y)
    g = lax.pmean(g, "replica")
    m = HEAD["b1"] * m + (1 - HEAD["b1"]) * g
    v = HEAD["b2"] * v + (1 - HEAD["b2"]) * g * g
    w = full_view(w_shard)
    w = w - HEAD["lr"] * m / (jnp.sqrt(v) + HEAD["eps"])
    rows = w.shape[0] // lax.axis_size("fsdp")
    return lax.dynamic_slice_in_dim(w, lax.axis_index("fsdp") * rows, rows), m, v


def inputs():
    rng = np.random.default_rng(15)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return rng.normal(size=(8, 4)).astype(np.float32) * 0.3, x, np.sin(x[:, :4])


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w, NamedSharding(mesh, P("fsdp", None)))
        m = v = jax.device_put(np.zeros_like(w), NamedSharding(mesh, P()))
        xd, yd = (jax.device_put(a, NamedSharding(mesh, P("replica", None))) for a in (x, y))
        fn = jax.jit(jax.shard_map(adam, mesh=mesh,
                                   in_specs=(P("fsdp", None), P(), P(), P("replica", None), P("replica", None)),
                                   out_specs=(P("fsdp", None), P(), P())))
        wd, m, v = fn(wd, m, v, xd, yd)
    print("w", float(jnp.abs(wd).mean()))


if __name__ == "__main__":
    main(*inputs())
