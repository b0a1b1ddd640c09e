// Multinomial logistic regression over sparse count features, fitted by full-batch gradient
// descent (Adam steps) on mean cross-entropy + L2. Full batches in file order: no sampling, so a
// fit is a deterministic function of its data and settings.

/**
 * Fits weights for `examples` ({ features: Int32Array of column ids, counts: Float64Array, label }).
 * Returns { weights: Float64Array(columns × classes), bias: Float64Array(classes) }.
 */
export function fitSoftmax(examples, { columns, classes, l2, iterations = 300, learningRate = 0.05 }) {
  const size = columns * classes;
  const weights = new Float64Array(size);
  const bias = new Float64Array(classes);
  const gradient = new Float64Array(size);
  const biasGradient = new Float64Array(classes);
  const moments = [
    new Float64Array(size),
    new Float64Array(size),
    new Float64Array(classes),
    new Float64Array(classes),
  ];
  const p = new Float64Array(classes);
  const n = examples.length;
  const [beta1, beta2, epsilon] = [0.9, 0.999, 1e-8];
  const step = (values, grads, first, second, t) => {
    const c1 = 1 - beta1 ** t;
    const c2 = 1 - beta2 ** t;
    for (let j = 0; j < values.length; j += 1) {
      first[j] = beta1 * first[j] + (1 - beta1) * grads[j];
      second[j] = beta2 * second[j] + (1 - beta2) * grads[j] * grads[j];
      values[j] -= (learningRate * (first[j] / c1)) / (Math.sqrt(second[j] / c2) + epsilon);
    }
  };
  for (let t = 1; t <= iterations; t += 1) {
    gradient.fill(0);
    biasGradient.fill(0);
    for (const example of examples) {
      probabilities({ weights, bias, classes }, example, p);
      p[example.label] -= 1;
      for (let k = 0; k < classes; k += 1) biasGradient[k] += p[k] / n;
      for (let f = 0; f < example.features.length; f += 1) {
        const row = example.features[f] * classes;
        const count = example.counts[f];
        for (let k = 0; k < classes; k += 1) gradient[row + k] += (p[k] * count) / n;
      }
    }
    for (let j = 0; j < size; j += 1) gradient[j] += l2 * weights[j];
    step(weights, gradient, moments[0], moments[1], t);
    step(bias, biasGradient, moments[2], moments[3], t);
  }
  return { weights, bias, classes };
}

/** Class probabilities of one example under fitted weights, into `out`. */
export function probabilities(model, example, out) {
  const { weights, bias, classes } = model;
  for (let k = 0; k < classes; k += 1) out[k] = bias[k];
  for (let f = 0; f < example.features.length; f += 1) {
    const row = example.features[f] * classes;
    const count = example.counts[f];
    for (let k = 0; k < classes; k += 1) out[k] += weights[row + k] * count;
  }
  let max = -Infinity;
  for (let k = 0; k < classes; k += 1) max = Math.max(max, out[k]);
  let total = 0;
  for (let k = 0; k < classes; k += 1) {
    out[k] = Math.exp(out[k] - max);
    total += out[k];
  }
  for (let k = 0; k < classes; k += 1) out[k] /= total;
  return out;
}
