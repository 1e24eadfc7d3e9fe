"""train/weighted_loss.py in an imagined maxtext-lite fork: loss with per-sequence weights.

Per-token losses are gathered over the logical batch (reduced, so their cotangent comes back
summed) to normalise the sequence weights over the whole global batch; the scalar loss is then
the weighted sum over the batch axes.
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


def sequence_losses(logits, targets):
    logp = jax.nn.log_softmax(logits, axis=-1)
    nll = -jnp.take_along_axis(logp, targets[..., None], axis=-1)[..., 0]
    return jnp.sum(nll, axis=-1)


def weighted_loss_fn(config, mesh):
    rules = config.logical_axis_rules
    batch_axes = logical_axis_names(("activation_batch",), rules)
    logits_spec = logical_to_mesh_axes(("activation_batch", "activation_length", None), rules)
    tok_spec = logical_to_mesh_axes(("activation_batch", "activation_length"), rules)
    w_spec = logical_to_mesh_axes(("activation_batch",), rules)

    def body(logits, targets, weights):
        seq = sequence_losses(logits, targets)
        seq_all = jax.lax.all_gather(seq, batch_axes, axis=0, tiled=True, to="reduced")
        w_all = jax.lax.all_gather(weights, batch_axes, axis=0, tiled=True, to="reduced")
        contrib = seq * weights
        total = jax.lax.psum(jnp.sum(contrib), batch_axes)
        norm = jnp.sum(w_all)
        return total, norm

    return jax.shard_map(body, mesh=mesh, in_specs=(logits_spec, tok_spec, w_spec),
                         out_specs=(P(), P(reduced=set(batch_axes))))


def inputs():
    return (["run_name=weighted", "max_target_length=6", "vocab_size=16"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(4)
    b, l = config.global_batch_size, config.max_target_length
    logits = rng.standard_normal((b, l, config.vocab_size)).astype(np.float32)
    targets = rng.integers(0, config.vocab_size, (b, l)).astype(np.int32)
    weights = rng.uniform(0.5, 1.5, (b,)).astype(np.float32)
    logits = with_logical_constraint(logits, ("activation_batch", "activation_length", None), mesh, rules)
    targets = with_logical_constraint(targets, ("activation_batch", "activation_length"), mesh, rules)
    weights = with_logical_constraint(weights, ("activation_batch",), mesh, rules)
    with jax.set_mesh(mesh):
        total, norm = weighted_loss_fn(config, mesh)(logits, targets, weights)
    print("weighted loss", float(total) / float(norm))


if __name__ == "__main__":
    main(*inputs())
