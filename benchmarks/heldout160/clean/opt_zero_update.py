"""training/optim/zero2.py: ZeRO-2 style update: the full weight is regathered (reduced) for the
forward pass, updated, and the owned shard is cut back out by a reduce-scatter."""
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
D = 8
OPT = {"lr": 0.05, "clip": 0.5, "policy": "dots"}


def regather(w_shard):
    return lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="reduced")


def reshard(full):
    n = lax.axis_size("fsdp")
    return lax.psum_scatter(full, "fsdp", scatter_dimension=0, tiled=True) / n


def local_grad(full, x, y):
    def loss(w):
        pred = remat(lambda v: jnp.tanh(v @ clip_grad(w, OPT["clip"])), OPT["policy"])(x)
        return jnp.mean((pred - y) ** 2)
    return jax.grad(loss)(lax.pcast(full, "fsdp", to="varying"))


def update(w_shard, x, y):
    full = regather(w_shard)
    g = lax.pmean(local_grad(full, x, y), "replica")
    return w_shard - OPT["lr"] * reshard(g)


def inputs():
    rng = np.random.default_rng(12)
    x = rng.normal(size=(16, D)).astype(np.float32)
    return rng.normal(size=(D, D)).astype(np.float32) * 0.3, x, np.cos(x)


def main(w, x, y):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w, NamedSharding(mesh, P("fsdp", None)))
        xd, yd = (jax.device_put(a, NamedSharding(mesh, P("replica", None))) for a in (x, y))
        fn = jax.jit(jax.shard_map(update, mesh=mesh, in_specs=(P("fsdp", None), P("replica", None), P("replica", None)),
                                   out_specs=P("fsdp", None)))
        wd = fn(wd, xd, yd)
    print("w", float(jnp.abs(wd).mean()))


if __name__ == "__main__":
    main(*inputs())
