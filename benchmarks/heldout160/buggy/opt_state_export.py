"""training/optim/checkpoint.py: train a few FSDP steps, then gather the Adam moments and the
weights for the host-side checkpoint writer."""
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

AXES = ("replica", "fsdp")
SPEC = P("fsdp", None)
FULL = P(None, None, reduced={"fsdp"})
ADAM = {"lr": 1e-2, "b1": 0.9, "b2": 0.99, "eps": 1e-8}


def loss_fn(w_shard, x, y):
    w = lax.all_gather(w_shard, "fsdp", axis=0, tiled=True, to="invarying")
    pred = x @ w
    return jnp.mean((pred - y) ** 2), jnp.mean(jnp.abs(pred))


def adam_step(state, x, y):
    w, m, v = state
    (loss, mag), g = jax.value_and_grad(loss_fn, has_aux=True)(w, x, y)
    g = lax.pmean(g, "replica")
    m = ADAM["b1"] * m + (1 - ADAM["b1"]) * g
    v = ADAM["b2"] * v + (1 - ADAM["b2"]) * g * g
    w = w - ADAM["lr"] * m / (jnp.sqrt(v) + ADAM["eps"])
    return (w, m, v), lax.pmean(loss, "replica")


def to_host(state):
    return tuple(top_level_all_gather(leaf, FULL) for leaf in state)


def train(w, x, y, steps=3):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        wd = jax.device_put(w, NamedSharding(mesh, SPEC))
        state = (wd, jnp.zeros_like(wd), jnp.zeros_like(wd))
        xd, yd = (jax.device_put(a, NamedSharding(mesh, P("replica", None))) for a in (x, y))
        step = jax.jit(jax.shard_map(adam_step, mesh=mesh, in_specs=((SPEC,) * 3, P("replica", None), P("replica", None)),
                                     out_specs=((SPEC,) * 3, P())))
        for _ in range(steps):
            state, loss = step(state, xd, yd)
    print("loss", float(loss))
    return state


def inputs():
    rng = np.random.default_rng(13)
    x = rng.normal(size=(16, 8)).astype(np.float32)
    return rng.normal(size=(8, 4)).astype(np.float32), x, np.tanh(x[:, :4])


def main(w, x, y):
    state = train(w, x, y)
    host = to_host(state)
    np.savez("/tmp/opt_ckpt.npz", *[np.asarray(a) for a in host])


if __name__ == "__main__":
    main(*inputs())
