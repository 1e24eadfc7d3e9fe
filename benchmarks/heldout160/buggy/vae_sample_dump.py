"""models/vae/samples.py: draw K posterior samples per example with vmap, decode them, and dump
the decoded means for the sample grid figure."""
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

AXES = ("batch", "latent")
K, D, Z = 3, 16, 8


def decode(z, w_dec):
    return jax.nn.sigmoid(z @ w_dec)


def sample_grid(mu, eps, w_dec):
    z = mu[None] + eps
    decoded = jax.vmap(decode, in_axes=(0, None))(z, w_dec)
    return lax.all_gather(decoded, "batch", axis=1, tiled=True, to="reduced")


def figure(mu, eps, w_dec, grid_axes=("latent", "batch")):
    grid = sample_grid(mu, eps, w_dec)
    return lax.all_gather(grid, grid_axes, axis=2, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(41)
    return (rng.normal(size=(8, Z)).astype(np.float32), rng.normal(size=(K, 8, Z)).astype(np.float32),
            rng.normal(size=(Z, D)).astype(np.float32))


def main(mu, eps, w_dec):
    mesh = jax.make_mesh((2, 4), AXES)
    with jax.set_mesh(mesh):
        md = jax.device_put(mu, NamedSharding(mesh, P("batch", None)))
        ed = jax.device_put(eps, NamedSharding(mesh, P(None, "batch", None)))
        wd = jax.device_put(w_dec, NamedSharding(mesh, P(None, "latent")))
        fn = jax.jit(jax.shard_map(figure, mesh=mesh, in_specs=(P("batch", None), P(None, "batch", None), P(None, "latent")),
                                   out_specs=P(None, None, None, reduced=set(AXES))))
        grid = fn(md, ed, wd)
    np.save("/tmp/vae_grid.npy", np.asarray(grid))


if __name__ == "__main__":
    main(*inputs())
