"""models/lm/sampler.py: temperature sampling scores of the scanned decoder; logits are gathered
from the vocab-parallel head and scaled per request."""
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
SAMPLING = {"temperature": 0.7, "policy": "everything"}


def block(params, h):
    a = jnp.tanh(h @ params["w_in"])
    return h + lax.psum(a @ params["w_out"], "model")


class Sampler:
    def __init__(self, temperature):
        self.temperature = temperature

    def head(self, h, w_vocab):
        return lax.all_gather(h @ w_vocab, "model", axis=1, tiled=True, to="reduced")

    def scores(self, stacked, w_vocab, x):
        h = scan_layers(block, stacked, x, policy=SAMPLING["policy"])
        logits = self.head(h, w_vocab)
        return logits / self.temperature


def inputs():
    rng = np.random.default_rng(5)
    layers = [{"w_in": rng.normal(size=(D, HID)).astype(np.float32) * 0.2,
               "w_out": rng.normal(size=(HID, D)).astype(np.float32) * 0.2} for _ in range(N_LAYERS)]
    return layers, rng.normal(size=(D, VOCAB)).astype(np.float32), rng.normal(size=(8, D)).astype(np.float32)


def main(layers, w_vocab, x):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None)}
    sampler = Sampler(SAMPLING["temperature"])
    with jax.set_mesh(mesh):
        stacked = place(mesh, stack_layers(layers), specs)
        wv = jax.device_put(w_vocab, NamedSharding(mesh, P(None, "model")))
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        fn = jax.jit(jax.shard_map(sampler.scores, mesh=mesh,
                                   in_specs=(specs, P(None, "model"), P("data", None)),
                                   out_specs=P("data", None, reduced={"model"})))
        s = fn(stacked, wv, xd)
    print("scores", s.shape, float(s.max()))


if __name__ == "__main__":
    main(*inputs())
