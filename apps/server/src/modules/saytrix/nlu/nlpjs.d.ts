// @nlpjs ships CommonJS without types; these are the few members Saytrix uses.
declare module '@nlpjs/neural' {
  export interface NeuralSettings {
    iterations?: number;
    errorThresh?: number;
    deltaErrorThresh?: number;
    learningRate?: number;
    momentum?: number;
    alpha?: number;
    log?: boolean;
  }
  export interface NeuralJson {
    settings: NeuralSettings;
    features: string[];
    intents: string[];
    perceptrons: number[][];
  }
  export class NeuralNetwork {
    constructor(settings?: NeuralSettings);
    train(corpus: Array<{ input: Record<string, number>; output: Record<string, number> }>): {
      iterations: number;
      error: number;
    };
    run(input: Record<string, number>): Record<string, number> | undefined;
    toJSON(): NeuralJson;
    fromJSON(json: NeuralJson): void;
  }
}

declare module '@nlpjs/lang-en-min' {
  export class StemmerEn {
    cache: Record<string, string>;
    stemWord(word: string): string;
  }
}
