"""models/lm/train_remat.py: full training step of the scanned decoder with a remat policy picked
by name, gradients averaged over data, and the vocab-parallel logits returned as a reduced table
for the eval hook."""
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
N_LAYERS, D, HID, VOCAB = 2, 16, 32, 32
TRAIN = {"policy": "dots_no_batch", "lr": 0.05, "clip": 0.5}


def block(params, h):
    a = jax.nn.gelu(h @ clip_grad(params["w_in"], TRAIN["clip"]))
    return h + lax.psum(a @ params["w_out"], "model")


def loss_fn(stacked, w_vocab, x, y):
    h = scan_layers(block, stacked, x, policy=TRAIN["policy"])
    part = h @ w_vocab
    z = lax.psum(jnp.sum(jnp.exp(part), axis=-1), "model")
    gold = lax.psum(jnp.sum(part * y, axis=-1), "model")
    return jnp.mean(safe_log(z) - gold), part


@functools.partial(jax.jit, static_argnames=("steps",))
def train(stacked, w_vocab, x, y, steps=2):
    def body(stacked, w_vocab, x, y):
        def one(i, carry):
            stacked, w_vocab, _ = carry
            (loss, part), (gs, gv) = jax.value_and_grad(loss_fn, argnums=(0, 1), has_aux=True)(stacked, w_vocab, x, y)
            gs, gv = jax.tree.map(lambda g: lax.pmean(g, "data"), (gs, gv))
            stacked = jax.tree.map(lambda p, g: p - TRAIN["lr"] * g, stacked, gs)
            return stacked, w_vocab - TRAIN["lr"] * gv, lax.pmean(loss, "data")
        stacked, w_vocab, loss = lax.fori_loop(0, steps, one, (stacked, w_vocab, jnp.zeros((), x.dtype)))
        table = lax.all_gather(scan_layers(block, stacked, x) @ w_vocab, "model", axis=1, tiled=True, to="reduced")
        return stacked, loss, table
    specs = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None)}
    return jax.shard_map(body, in_specs=(specs, P(None, "model"), P("data", None), P("data", "model")),
                         out_specs=(specs, P(), P("data", None, reduced={"model"})))(stacked, w_vocab, x, y)


def inputs():
    rng = np.random.default_rng(70)
    layers = [{"w_in": rng.normal(size=(D, HID)).astype(np.float32) * 0.1,
               "w_out": rng.normal(size=(HID, D)).astype(np.float32) * 0.1} for _ in range(N_LAYERS)]
    y = np.eye(VOCAB, dtype=np.float32)[rng.integers(0, VOCAB, size=8)]
    return layers, rng.normal(size=(D, VOCAB)).astype(np.float32) * 0.1, rng.normal(size=(8, D)).astype(np.float32), y


def main(layers, w_vocab, x, y):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None)}
    with jax.set_mesh(mesh):
        stacked = place(mesh, stack_layers(layers), specs)
        wv = jax.device_put(w_vocab, NamedSharding(mesh, P(None, "model")))
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        yd = jax.device_put(y, NamedSharding(mesh, P("data", "model")))
        stacked, loss, table = train(stacked, wv, xd, yd)
    print("loss", float(loss), "table", table.shape)


if __name__ == "__main__":
    main(*inputs())
