"""training/optim/debug_dump.py: 2-D sharded low-rank layers (rows over fsdp, columns over tensor);
regather the FSDP shards of each layer for the forward pass and write the stacked weights to the
debug bucket once per run."""
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

AXES = ("tensor", "fsdp")
N_LAYERS, D, R = 3, 8, 8


class Regather:
    """Gathers an FSDP shard for compute; `to` says which type the full weight carries."""

    def __init__(self, axis, to="reduced"):
        self.axis, self.to = axis, to

    def __call__(self, shard):
        return lax.all_gather(shard, self.axis, axis=0, tiled=True, to=self.to)


def debug_dump(full, axes):
    return lax.all_gather(full[None], axes, axis=0, tiled=True, to="reduced")


def forward(stacked, x, regather=Regather("fsdp")):
    def body(h, w_shard):
        w = regather(w_shard)
        return jnp.tanh(lax.psum((h @ w) @ w.T, "tensor")), None
    h, _ = lax.scan(body, x, stacked)
    return h, debug_dump(regather(stacked[-1]), AXES)


def inputs():
    rng = np.random.default_rng(11)
    return rng.normal(size=(N_LAYERS, D, R)).astype(np.float32) * 0.4, rng.normal(size=(16, D)).astype(np.float32)


def main(stacked, x):
    mesh = jax.make_mesh((4, 2), AXES)
    with jax.set_mesh(mesh):
        ws = jax.device_put(stacked, NamedSharding(mesh, P(None, "fsdp", "tensor")))
        xd = jax.device_put(x, NamedSharding(mesh, P()))
        fn = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(None, "fsdp", "tensor"), P()),
                                   out_specs=(P(), P(None, None, None, reduced=set(AXES)))))
        h, dumped = fn(ws, xd)
    np.save("/tmp/opt_dump.npy", np.asarray(dumped))
    print("h", float(jnp.abs(h).mean()))


if __name__ == "__main__":
    main(*inputs())
