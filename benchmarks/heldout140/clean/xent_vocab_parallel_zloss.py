"""train/vocab_parallel_xent.py in an imagined maxtext-lite fork: vocab-parallel cross entropy and z-loss.

The log-partition is built from a pmax and a psum over the vocab axis; the per-token loss is then
invariant over that axis, so the batch mean only reduces over the logical batch axes. The z-loss
is added with its own weight from the config.
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


def log_partition(logits, axes):
    m = jax.lax.stop_gradient(jax.lax.pmax(jnp.max(logits, axis=-1, keepdims=True), axes))
    return jnp.log(jax.lax.psum(jnp.sum(jnp.exp(logits - m), axis=-1, keepdims=True), axes)) + m


def picked_logit(logits, targets, axes):
    rows = logits.shape[-1]
    local = targets - jax.lax.axis_index(axes) * rows
    hit = (local >= 0) & (local < rows)
    val = jnp.take_along_axis(logits, jnp.clip(local, 0, rows - 1)[..., None], axis=-1)[..., 0]
    return jax.lax.psum(jnp.where(hit, val, 0.0), axes)


def make_loss(config, mesh):
    rules = config.logical_axis_rules
    vocab_axes = logical_axis_names(("activation_vocab",), rules)
    batch_axes = logical_axis_names(("activation_batch",), rules)
    l_spec = logical_to_mesh_axes(("activation_batch", "activation_length", "activation_vocab"), rules)
    t_spec = logical_to_mesh_axes(("activation_batch", "activation_length"), rules)

    def body(logits, targets):
        lse = log_partition(logits, vocab_axes)[..., 0]
        nll = lse - picked_logit(logits, targets, vocab_axes)
        z = config.z_loss_weight * jnp.square(lse)
        return jax.lax.pmean(jnp.mean(nll + z), batch_axes)

    return jax.shard_map(body, mesh=mesh, in_specs=(l_spec, t_spec), out_specs=P())


def inputs():
    return (["run_name=vp_xent", "z_loss_weight=0.0001"],)


def main(argv):
    _BASE_CONFIG["z_loss_weight"] = 0.0
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    key = jax.random.PRNGKey(91)
    k1, k2 = jax.random.split(key)
    b, l = config.global_batch_size, config.max_target_length
    logits = jax.random.normal(k1, (b, l, config.vocab_size))
    targets = jax.random.randint(k2, (b, l), 0, config.vocab_size)
    logits = with_logical_constraint(logits, ("activation_batch", "activation_length", "activation_vocab"), mesh, rules)
    targets = with_logical_constraint(targets, ("activation_batch", "activation_length"), mesh, rules)
    with jax.set_mesh(mesh):
        loss = make_loss(config, mesh)(logits, targets)
    ref = jnp.mean(jax.nn.logsumexp(np.asarray(logits), axis=-1)
                   - jnp.take_along_axis(np.asarray(logits), np.asarray(targets)[..., None], axis=-1)[..., 0])
    print("loss", float(loss), "reference nll", float(ref))


if __name__ == "__main__":
    main(*inputs())
