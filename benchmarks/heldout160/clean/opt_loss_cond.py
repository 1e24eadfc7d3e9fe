"""training/optim/accum.py: gradient accumulation with a periodic sync; on sync steps the loss is
averaged for the logger, on the others it is kept local."""
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
SPEC = P(None, "fsdp")
LOGGING = {"every": 2, "average_over": "fsdp"}


def loss_fn(w, x, y):
    part = x @ w
    pred = lax.psum(part * part, "fsdp")
    return jnp.mean((pred - y) ** 2), pred


def report(loss, step, axes=LOGGING["average_over"]):
    return lax.cond(step % LOGGING["every"] == 0,
                    lambda l: lax.pmean(l, axes),
                    lambda l: l,
                    loss)


def accumulate(w, xs, ys, step):
    def body(carry, batch):
        acc, total = carry
        (loss, _), g = jax.value_and_grad(loss_fn, has_aux=True)(w, *batch)
        return (acc + g, total + loss), None

    init = (jnp.zeros_like(w), jnp.zeros((), w.dtype))
    (acc, total), _ = lax.scan(body, lax.pcast(init, "replica", to="varying"), (xs, ys))
    acc = lax.pmean(acc, "replica")
    return w - 0.01 * acc, report(total / xs.shape[0], step)[None]


def inputs():
    rng = np.random.default_rng(14)
    xs = rng.normal(size=(3, 16, 8)).astype(np.float32)
    return rng.normal(size=(8, 8)).astype(np.float32) * 0.2, xs, np.abs(xs[..., 0])


def main(w, xs, ys):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w, NamedSharding(mesh, SPEC))
        xd = jax.device_put(xs, NamedSharding(mesh, P(None, "replica", None)))
        yd = jax.device_put(ys, NamedSharding(mesh, P(None, "replica")))
        fn = jax.jit(jax.shard_map(accumulate, mesh=mesh,
                                   in_specs=(SPEC, P(None, "replica", None), P(None, "replica"), P()),
                                   out_specs=(SPEC, P("replica"))))
        for i in range(2):
            wd, loss = fn(wd, xd, yd, jnp.int32(i))
    print("loss", np.asarray(loss))


if __name__ == "__main__":
    main(*inputs())
