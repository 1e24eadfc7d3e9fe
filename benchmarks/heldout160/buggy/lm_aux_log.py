"""models/lm/scan_decoder.py: a tensor-parallel decoder MLP stack scanned over layers, with a
per-layer activation-norm curve collected for the training dashboard."""
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
N_LAYERS, D, HID = 3, 16, 32
AUX = {"sum_over": "model", "curve_over": "model", "policy": "dots"}


def mlp_layer(params, h):
    a = jax.nn.gelu(h @ params["w_in"])
    out = lax.psum(a @ params["w_out"], "model")
    return h + out, a


def make_step(cfg):
    def step(stacked, x):
        def body(h, params):
            h, a = remat(mlp_layer, cfg["policy"])(params, h)
            return h, lax.psum(jnp.mean(a * a, axis=-1), cfg["sum_over"])
        h, energies = lax.scan(body, x, stacked)
        curves = lax.all_gather(energies, cfg["curve_over"], axis=1, tiled=True, to="reduced")
        return h, curves
    return step


def inputs():
    rng = np.random.default_rng(0)
    layers = [{"w_in": rng.normal(size=(D, HID)).astype(np.float32) * 0.1,
               "w_out": rng.normal(size=(HID, D)).astype(np.float32) * 0.1} for _ in range(N_LAYERS)]
    x = rng.normal(size=(8, D)).astype(np.float32)
    return layers, x


def main(layers, x):
    mesh = jax.make_mesh((2, 4), AXES)
    specs = {"w_in": P(None, None, "model"), "w_out": P(None, "model", None)}
    with jax.set_mesh(mesh):
        stacked = place(mesh, stack_layers(layers), specs)
        xd = jax.device_put(x, NamedSharding(mesh, P("data", None)))
        fn = jax.jit(jax.shard_map(make_step(AUX), mesh=mesh, in_specs=(specs, P("data", None)),
                                   out_specs=(P("data", None), P(None, None, reduced={"data"}))))
        h, curves = fn(stacked, xd)
    print("final norm", float(jnp.linalg.norm(h)), "curve", curves.shape)


if __name__ == "__main__":
    main(*inputs())
