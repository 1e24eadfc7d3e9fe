"""lingvo_lite/decoders/eval_step.py

Eval step of a language model with a vocab-parallel softmax (vocab over 'mdl', batch over
'data'). The step scores each eval example under each vocab shard's share of the logits, sums
the scores over the batch shards, and hands the table to the metrics host loop reduced over the
batch axis named by the decoder template.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class VocabShardScorer(BaseLayer):
  HPARAMS = dict(input_dims=0, num_classes=0)

  def init(self, key):
    return jax.random.normal(key, (self.input_dims, self.num_classes)) * 0.1

  def fprop(self, x, w):
    logits = x @ w
    return jnp.max(logits, axis=-1) + jnp.log(jnp.sum(jnp.exp(logits - jnp.max(logits, axis=-1, keepdims=True)), axis=-1))


class EvalDecoder(BaseLayer):
  HPARAMS = dict(scorer_tpl=None, batch_axis=None)

  def setup(self):
    self.create_child('scorer', self.scorer_tpl)

  def eval_step(self, x, w):
    per_example = self.scorer(x, w)
    batch_total = jax.lax.psum(jnp.sum(per_example), self.batch_axis)
    return jax.lax.all_gather(batch_total[None], self.batch_axis, tiled=True, to='reduced')


def build_eval(exp, mesh):
  decoder = instantiate(exp.decoder())
  wt = decoder.weight_split_dims_mapping
  fn = jax.shard_map(decoder.eval_step, mesh=mesh,
                     in_specs=(P(decoder.batch_axis, None), split_spec(wt.softmax)),
                     out_specs=P(wt.softmax[1], reduced={decoder.batch_axis}))
  return decoder, fn


@experiment_registry.register
class LMEval4x2(BaseExperiment):
  ICI_MESH_SHAPE = (4, 2)
  MESH_AXIS_NAMES = ('data', 'mdl')

  def decoder(self):
    scorer = Config(VocabShardScorer, input_dims=8, num_classes=16)
    return Config(EvalDecoder, scorer_tpl=scorer, batch_axis=self.mesh_axis_names[0],
                  weight_split_dims_mapping=SplitDims(softmax=(None, self.mesh_axis_names[1])))


def inputs():
  rng = np.random.default_rng(60)
  return 'LMEval4x2', rng.standard_normal((8, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  decoder, eval_fn = build_eval(exp, mesh)
  w = place(mesh, decoder.scorer.init(jax.random.PRNGKey(0)), decoder.weight_split_dims_mapping.softmax)
  x = place(mesh, x, (decoder.batch_axis, None))
  with jax.set_mesh(mesh):
    table = eval_fn(x, w)
  print(table.shape)


if __name__ == '__main__':
  main(*inputs())
