"""optimizers/grad_stats.py in an imagined maxtext-lite fork: per-replica gradient norms.

Gradients of the MLP kernel are computed per device from its batch shard; the squared norm is
summed over the parameter's own axes, and the per-replica norms are gathered over the replica
axis (the `replica` rule) so the dashboard can spot a diverging replica.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


OPT_RULES = (("replica", "fsdp"),)


def local_grad(w, x, y, embed_axes):
    pred = jnp.tanh(jax.lax.psum(x @ w, embed_axes))
    delta = (pred - y) * (1.0 - pred * pred)
    return x.T @ delta


def grad_stats_fn(config, mesh):
    rules = config.logical_axis_rules + OPT_RULES
    w_names = ("embed", "mlp")
    w_spec = logical_to_mesh_axes(w_names, rules)
    x_spec = logical_to_mesh_axes(("activation_batch", "embed"), rules)
    y_spec = logical_to_mesh_axes(("activation_batch", "activation_mlp"), rules)
    param_axes = logical_axis_names(w_names, rules)
    embed_axes = logical_axis_names(("embed",), rules)
    replica_axes = logical_axis_names(("replica",), rules)

    def body(w, x, y):
        g = local_grad(w, x, y, embed_axes)
        sq = jax.lax.psum(jnp.sum(g * g), param_axes)
        per_replica = jax.lax.all_gather(jnp.sqrt(sq)[None], replica_axes, axis=0, tiled=True, to="reduced")
        return jax.lax.psum(g, logical_axis_names(("activation_batch",), rules)), per_replica

    return jax.shard_map(body, mesh=mesh, in_specs=(w_spec, x_spec, y_spec),
                         out_specs=(w_spec, P(None, reduced=set(replica_axes))))


def inputs():
    return (["run_name=grad_stats", "rule.activation_batch=data"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules + OPT_RULES
    rng = np.random.default_rng(41)
    b = config.global_batch_size * 2
    w = (rng.standard_normal((config.emb_dim, config.mlp_dim)) * 0.1).astype(np.float32)
    x = rng.standard_normal((b, config.emb_dim)).astype(np.float32)
    y = rng.standard_normal((b, config.mlp_dim)).astype(np.float32)
    w = with_logical_constraint(w, ("embed", "mlp"), mesh, rules)
    x = with_logical_constraint(x, ("activation_batch", "embed"), mesh, rules)
    y = with_logical_constraint(y, ("activation_batch", "activation_mlp"), mesh, rules)
    with jax.set_mesh(mesh):
        g, norms = grad_stats_fn(config, mesh)(w, x, y)
    print("grad", g.shape, "per-replica norms", norms.shape)


if __name__ == "__main__":
    main(*inputs())
